export function inputsHash(root: string, inputs: string[], extra?: string[]): string;
export function viteVariables(env: Record<string, string | undefined>): string[];
