/**
 * /owner/site/contract: where the Site page's contract facts form posts (multipart, for the
 * insurance certificate). Saved, it returns to the Site page; refused, it shows the form again
 * with the reason at each field. Opening the address shows the form with what is stored.
 */
import fs from "node:fs/promises";
import { data, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { FormParseError, parseFormRequest } from "~/infra/uploads.server";
import { requireOwner } from "~/owner/sessions.server";
import { checkContractFacts, type ContractFactsErrors, type ContractFactsInput } from "~/quotes/contract-facts-rules";
import { ContractFactsSection } from "~/quotes/contract-facts-section";
import {
  CERTIFICATE_MAX_BYTES,
  cleanCertificate,
  contractFactsFormValues,
  type CleanedCertificate,
  readContractFacts,
  saveContractFacts,
} from "~/quotes/contract-facts.server";
import type { Route } from "./+types/owner.site-contract";

export const meta: Route.MetaFunction = () => [
  { title: `Contract facts | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** Opened directly (or reloaded after a refusal), it shows the form with what is stored. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const facts = await readContractFacts(db);
  const values = contractFactsFormValues(facts);
  return { values, certificateName: facts?.certificateName ?? null };
}

const LIMITS = {
  maxFiles: 1,
  maxFileBytes: CERTIFICATE_MAX_BYTES,
  maxTotalBytes: CERTIFICATE_MAX_BYTES + 64 * 1024,
  maxFields: 20,
  maxFieldBytes: 8 * 1024,
  isFileField: (name: string) => name === "certificate",
};

type Answer = { values: ContractFactsInput; errors: ContractFactsErrors; certificateName: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  let form;
  try {
    form = await parseFormRequest(request, LIMITS);
  } catch (error) {
    if (!(error instanceof FormParseError)) throw error;
    const message =
      error.status === 413 ? "The certificate can be at most 5 MB." : "The form could not be read; try again.";
    throw data(message, { status: error.status });
  }
  try {
    const get = (name: string) => (form.fields.get(name) ?? "").trim();
    const values: ContractFactsInput = {
      insurerName: get("insurerName"),
      insurerPhone: get("insurerPhone"),
      consumerAffairsPhone: get("consumerAffairsPhone"),
      warranty: get("warranty"),
      depositPercent: get("depositPercent"),
      milestones: get("milestones"),
    };
    const existing = await readContractFacts(db);
    const checked = checkContractFacts(values);
    const errors: ContractFactsErrors = checked.ok ? {} : { ...checked.errors };
    const file = form.files[0];
    let certificate: CleanedCertificate | undefined;
    if (file) {
      const fileName = file.fileName.replace(/[^\w. -]/g, "_").slice(0, 100) || "certificate.pdf";
      certificate = await cleanCertificate(fileName, new Uint8Array(await fs.readFile(file.path)));
      if (!certificate)
        errors.certificate =
          "That file is not a PDF we can attach (it may be protected by a password). Choose another.";
    } else if (!existing?.certificateDocumentId) errors.certificate = "Upload the certificate of liability insurance.";
    if (!checked.ok || Object.keys(errors).length > 0)
      return data<Answer>({ values, errors, certificateName: existing?.certificateName ?? null }, { status: 400 });
    await saveContractFacts(db, checked.facts, certificate, actor);
    return redirect("/owner/site?saved=contract#contract-heading");
  } finally {
    await form.dispose();
  }
}

export default function ContractFactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Site</h1>
      {actionData ? (
        <p className="mt-1 font-semibold text-red-800" role="alert">
          The contract facts were not saved: see the fields marked below.
        </p>
      ) : null}
      <ContractFactsSection
        key={actionData ? JSON.stringify(actionData) : "stored"}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        certificateName={actionData?.certificateName ?? loaderData.certificateName}
        busy={busy}
      />
    </>
  );
}
