// Types of e2e-config.mjs for the Playwright configs that spread it into defineConfig.
export declare function shopDataDir(name: string, prefix: string): string;
export declare const E2E_BASE: {
  testDir: string;
  testMatch: string;
  outputDir: string;
  fullyParallel: boolean;
  workers: number;
  retries: number;
  reporter: (['list'] | ['json', { outputFile: string }])[];
  use: {
    trace: 'retain-on-failure';
    screenshot: 'only-on-failure';
    locale: string;
    timezoneId: string;
    launchOptions: { executablePath: string; args: string[] };
  };
};
export declare function shopSuite(settings: {
  baseURL: string;
  timeout: number;
  expectTimeout: number;
}): typeof E2E_BASE & { timeout: number; expect: { timeout: number }; use: { baseURL: string } };
export declare function shopServer(server: {
  url: string;
  env: Record<string, string>;
  stdout?: 'pipe' | 'ignore';
  cwd?: string;
  awaited?: boolean;
}): {
  command: string;
  cwd?: string;
  url?: string;
  timeout: number;
  reuseExistingServer: boolean;
  stdout: 'pipe' | 'ignore';
  stderr: 'pipe';
  env: Record<string, string>;
};
export declare function waitForShop(url: string, timeoutMs?: number): Promise<void>;
