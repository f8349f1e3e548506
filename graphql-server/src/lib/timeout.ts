/** Whether `check` resolves true within `ms`: a rejection or a late answer counts as false. */
export async function answersWithin(check: Promise<boolean>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
