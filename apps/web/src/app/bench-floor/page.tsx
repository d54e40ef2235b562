import { notFound } from "next/navigation";
import { benchFloorServed } from "../../lib/bench-floor";

export default function BenchFloorPage() {
  if (!benchFloorServed(process.env)) notFound();
  return (
    <main id="main" className="page text-page">
      <h1>Sportsbook</h1>
      <p>
        A page of the same build with no application code: the floor the other pages are measured against.
      </p>
    </main>
  );
}
