import { notFound } from "next/navigation";

/** SPEC §6: the virtual gaming arena is hard-set disabled. */
const VIRTUAL_GAMING_ARENA_ENABLED = false;

export default function Page() {
  if (!VIRTUAL_GAMING_ARENA_ENABLED) notFound();
  return null;
}
