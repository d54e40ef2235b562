"use client";
import { useEffect } from "react";
import { useOpenAuthForm } from "./AuthModalHost";
import type { AuthFormId } from "./auth-forms";

/** Opens a form on mount: the /users/* pages. */
export function OpenAuthModal({ form }: { form: AuthFormId }) {
  const open = useOpenAuthForm();
  useEffect(() => open(form), [open, form]);
  return null;
}
