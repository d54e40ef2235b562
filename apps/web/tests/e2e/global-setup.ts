import type { TestProject } from "vitest/node";
import { startApp } from "./app";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the app once for every end-to-end suite and stops it (its whole process group) afterwards. */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide("baseUrl", app.baseUrl);
  project.provide("dataDir", app.dataDir);
  return async () => {
    await app.stop();
  };
}
