export declare function reporters(name: string): (string | [string, { outputFile: string }])[];
