export * from "./publisher.js";
