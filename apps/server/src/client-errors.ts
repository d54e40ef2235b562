import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/** What a request the parser refused is answered: a status and a JSON body in Fastify's shape. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, message: "Client Timeout" };
  // The request line and headers together passed the server's limit (a URL or a header too long).
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, message: "Exceeded maximum allowed HTTP header size" };
  return { status: 400, message: "Client Error" };
}

/**
 * Answers a request the HTTP parser refused (431, 408, 400) as Fastify does, but says
 * `Connection: close` and ends the socket after the answer: without it a keep-alive client takes
 * the connection for reusable and its next request fails on the closed socket.
 */
export function closingClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = refusalOf(error.code);
  const label = STATUS_CODES[status] ?? "Error";
  const body = JSON.stringify({ error: label, message, statusCode: status });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${label}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
