/**
 * A strict reader of the Prometheus text exposition format (0.0.4) for tests:
 * every line must be a comment, a HELP or TYPE line, or a sample of a family
 * whose TYPE came first; anything else throws, naming the line.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"';
// prom-client 15 writes NaN as `Nan`; Prometheus reads values with Go's ParseFloat, which takes any case.
const VALUE = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]Inf|NaN|Nan';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const META = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};

function unescape(value: string): string {
  return value.replace(/\\([\\"n])/g, (_all, char: string) => (char === 'n' ? '\n' : char));
}

/** The family a sample name belongs to, among those declared so far. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const [family, type] of types) {
    if ((SUFFIXES[type] ?? []).some((suffix) => name === family + suffix)) return family;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  text.split('\n').forEach((line, index) => {
    const fail = (why: string) => {
      throw new Error(`line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const meta = META.exec(line);
      if (!meta)
        return line.startsWith('# HELP') || line.startsWith('# TYPE') ? fail('bad metadata') : undefined;
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) fail('unknown type');
        if (types.has(name)) fail('second TYPE of a family');
        if (samples.some((sample) => sample.name === name || sample.name.startsWith(`${name}_`))) {
          fail('TYPE after samples of its family');
        }
        types.set(name, rest);
      } else {
        if (helped.has(name)) fail('second HELP of a family');
        helped.add(name);
      }
      return;
    }
    const match = SAMPLE.exec(line);
    if (!match) return fail('not a sample');
    const name = match[1]!;
    if (familyOf(name, types) === undefined) fail('sample of a family without TYPE');
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(new RegExp(LABEL, 'g'))) {
      if (key! in labels) fail(`label ${key} twice`);
      labels[key!] = unescape(value!);
    }
    const raw = match[match.length - 1]!;
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : raw === 'Nan' ? NaN : Number(raw);
    samples.push({ name, labels, value });
  });
  return { types, samples };
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
