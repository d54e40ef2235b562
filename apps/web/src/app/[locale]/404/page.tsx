import { notFound } from "next/navigation";

/** /404 answers with the not-found page and status 404. */
export default function Page() {
  notFound();
}
