// The screen shown when /config.json cannot be loaded; its own chunk, since almost no visit needs it.
export function ConfigError({ message }: { message: string }) {
  return (
    <main className="error-page">
      <h1>Handoff could not start</h1>
      <p>The application configuration could not be loaded.</p>
      <p className="error-page__detail">{message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
