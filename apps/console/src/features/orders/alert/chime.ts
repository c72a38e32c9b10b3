/**
 * The new-order sound: two short tones made with the Web Audio API, so no file
 * has to be fetched. Browsers only let a page sound after someone has clicked
 * or typed in it; before that this stays silent.
 */
let context: AudioContext | null = null;

export function playChime(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const audio = context;
  if (audio.state === 'suspended') void audio.resume();
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.17);
  }
}
