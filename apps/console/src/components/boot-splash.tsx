/**
 * What index.html shows while the console's code arrives (its styles are there, in the page), kept
 * while the session and the first screen's code load: from the first byte to the first screen,
 * loading looks one way, and the first screen needs no skeleton code to show it.
 */
export function BootSplash() {
  return (
    <div className="boot" role="status">
      <div className="boot-name">Storedesk</div>
      <div className="boot-note">Loading the console…</div>
    </div>
  );
}
