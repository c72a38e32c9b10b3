/** "Name, Phone and Image". */
function listed(names: string[]): string {
  const unique = [...new Set(names)];
  return unique.length < 2 ? unique.join('') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/** What the form says when a save was refused because a colleague saved first (D9). */
export function staleSaveMessage(noun: string, changed: string[]): string {
  const what = changed.length > 0 ? `: ${listed(changed)} changed` : '';
  return `Someone else saved this ${noun} while you were editing${what}. The form now shows their version; make your changes again.`;
}
