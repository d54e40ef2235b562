export { createHostDemo, type HostDemoOptions } from "./app.js";
