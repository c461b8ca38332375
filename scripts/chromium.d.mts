// Types of chromium.mjs for the TypeScript configs that import it.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_LAUNCH: { executablePath: string; args: string[] };
