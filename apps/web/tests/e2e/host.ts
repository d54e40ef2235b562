import { createServer } from "node:http";

export interface HostPage {
  /** The host page's origin, another port than the sportsbook's. */
  origin: string;
  close(): Promise<void>;
}

/** Serves one HTML page on its own origin: a stand-in for a host platform framing the sportsbook. */
export async function serveHostPage(html: string): Promise<HostPage> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
