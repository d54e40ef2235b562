"use client";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

// Only a page inside a frame downloads the bridge and the protocol's schemas.
const FrameBridge = dynamic(() => import("./FrameBridge").then((m) => m.FrameBridge), { ssr: false });

/** Frame mode (SPEC §1): detected on the client, where the page knows whether it has a parent. */
export function FrameBridgeLazy() {
  const [inFrame, setInFrame] = useState(false);
  useEffect(() => setInFrame(window.parent !== window), []);
  return inFrame ? <FrameBridge /> : null;
}
