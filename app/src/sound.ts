/** The short tones of 'Your turn', 'You're next' and a defense prompt, made by Web Audio: no file to load. */
/** The moments a player must not miss. */
export type Moment = 'yourTurn' | 'prompt' | 'next'

/** The short tones of each moment, as [frequency Hz, length ms] notes: made by Web Audio, no file to load. */
const TONES: Record<Moment, ReadonlyArray<readonly [number, number]>> = {
  yourTurn: [
    [660, 120],
    [880, 160],
  ],
  prompt: [
    [880, 100],
    [660, 100],
    [880, 160],
  ],
  next: [[520, 100]],
}

let audio: AudioContext | null = null

/** Plays a moment's tones, quietly; silently nothing where there is no Web Audio or it is not allowed yet. */
export function beep(moment: Moment): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext
  if (!Context) return
  try {
    audio ??= new Context()
    void audio.resume()
    let at = audio.currentTime
    for (const [hz, ms] of TONES[moment]) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.frequency.value = hz
      gain.gain.setValueAtTime(0.15, at)
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000)
      osc.connect(gain).connect(audio.destination)
      osc.start(at)
      osc.stop(at + ms / 1000)
      at += ms / 1000 + 0.04
    }
  } catch {
    // No audio output, or the browser refused it: the vibration and the banner still tell.
  }
}
