/**
 * What a push says. It must be read on a lock screen in a second: who, where, what, and how many
 * photos. It is also what leaves for the push service (encrypted to the device), so it carries no
 * phone number or email address; tapping it opens the lead in the desk.
 */
import type { PushMessage } from "~/infra/push-outbox.server";
import { leadPath } from "~/owner/paths";
import { townOf } from "./address";

export interface LeadForAlert {
  id: string;
  name: string;
  address: string;
  description: string;
  photoCount: number;
}

const DESCRIPTION_WORDS = 12;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The first words of a description, on one line, with "…" when there is more. */
export function firstWords(text: string, count: number = DESCRIPTION_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const start = words.slice(0, count).join(" ");
  return clip(words.length > count ? `${start}…` : start, 120);
}

function photos(count: number): string {
  if (count === 0) return "no photos";
  return count === 1 ? "1 photo" : `${count} photos`;
}

function details(lead: LeadForAlert): string {
  const town = townOf(lead.address);
  return [town, photos(lead.photoCount)].filter(Boolean).join(" · ");
}

export function newLeadAlert(lead: LeadForAlert): PushMessage {
  return {
    title: `New lead: ${clip(lead.name, 60)}`,
    body: `${details(lead)}\n${firstWords(lead.description)}`,
    url: leadPath(lead.id),
    tag: `lead-${lead.id}`,
  };
}

export function reminderAlert(lead: LeadForAlert, afterHours: number): PushMessage {
  return {
    title: `Still new after ${afterHours} business hour${afterHours === 1 ? "" : "s"}: ${clip(lead.name, 60)}`,
    body: `${details(lead)}\n${firstWords(lead.description)}`,
    url: leadPath(lead.id),
    tag: `lead-${lead.id}`,
  };
}
