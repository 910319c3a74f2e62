import errorImage from '../assets/error.svg';

/** The error image shown for any unknown path. */
export function NotFound({ fullWidth = false }: { fullWidth?: boolean }) {
  return (
    <div className={fullWidth ? 'not-found not-found--full' : 'not-found'}>
      <img src={errorImage} alt="Page not found" data-testid="error-image" />
    </div>
  );
}
