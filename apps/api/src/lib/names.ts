const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** The same name as people write it: case and spacing aside. */
export const sameName = (a: string, b: string) => folded(a) === folded(b);
