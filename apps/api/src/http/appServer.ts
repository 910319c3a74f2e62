import http from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * The app's HTTP server, whose requests and responses are born with the app's prototypes
 * (`app.request`, `app.response`). Express gives every request and response those prototypes on
 * arrival (`Object.setPrototypeOf`); on objects made by Node's plain constructors that change of
 * shape also slowed Node's own HTTP code on them. Born with them, the change is a no-op, and every
 * route, search included, runs through the ordinary middleware chain at the cost of a bare
 * handler (docs/performance.md, "Search as one route").
 */
export function createAppServer(app: Express): http.Server {
  // Reflect.construct makes the object with Node's constructor and `newTarget.prototype` as its
  // prototype, whether Node's constructors are functions or classes.
  function AppRequest(socket: Socket) {
    return Reflect.construct(http.IncomingMessage, [socket], AppRequest) as http.IncomingMessage;
  }
  AppRequest.prototype = app.request;
  function AppResponse(req: http.IncomingMessage, options?: unknown) {
    return Reflect.construct(http.ServerResponse, [req, options], AppResponse) as http.ServerResponse;
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}
