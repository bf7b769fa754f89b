/**
 * Answer times of failed sign-ins: a wrong password for an existing account against an
 * unknown user name. They must be alike so that the time does not reveal which accounts
 * exist. Sequential requests, few enough to stay below the per-account lock (10) and the
 * per-address limit (60 a minute).
 */
export interface SignInTiming {
  wrongPasswordMs: number;
  unknownUserMs: number;
  samples: number;
}

const accounts = ['admin', 'editor', 'submitter'];
const samplesPerKind = 24;

async function timeSignIn(url: string, username: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/access/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'definitely-wrong-password' }),
  });
  await res.arrayBuffer();
  if (res.status !== 401) throw new Error(`Expected 401 for ${username}, got ${res.status}`);
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function measureSignInTiming(url: string): Promise<SignInTiming> {
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < samplesPerKind; i++) {
    wrong.push(await timeSignIn(url, accounts[i % accounts.length] as string));
    unknown.push(await timeSignIn(url, `nobody-${i}-${Date.now()}`));
  }
  return {
    wrongPasswordMs: Math.round(median(wrong) * 10) / 10,
    unknownUserMs: Math.round(median(unknown) * 10) / 10,
    samples: samplesPerKind,
  };
}
