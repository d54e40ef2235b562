import { notFound } from "next/navigation";
import { BonusForm } from "../../../../../backoffice/BonusForm";
import { JackpotForm } from "../../../../../backoffice/JackpotForm";
import { Shell } from "../../../../../backoffice/Shell";

export default async function NewPromotion({ params }: { params: Promise<{ type: string }> }) {
  const { type } = await params;
  if (type !== "bonus" && type !== "jackpot") notFound();
  return <Shell needs="savePromotion">{type === "bonus" ? <BonusForm /> : <JackpotForm />}</Shell>;
}
