/** Types of machine.mjs for the TypeScript benches. */
export function machineLine(): string;
