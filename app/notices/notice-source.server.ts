/** The notice as public pages read it while they are rendered (see `app/live/snapshot.server.ts`). */
import type { LiveSource } from "~/live/snapshot.server";
import { currentNotice } from "./notices.server";
import { getEnv } from "~/settings/env.server";
import { noticeParts, type PublicNotice } from "./notice-text";

export const noticeSource: LiveSource<PublicNotice | null> = {
  name: "notice",
  empty: null,
  async load(db, now) {
    const notice = await currentNotice(db, now);
    if (!notice) return { value: null };
    // Waiting for its start: nothing shows yet, and the pages change when it begins.
    if (notice.startsAt && notice.startsAt > now) return { value: null, changesAt: notice.startsAt };
    return {
      value: { tone: notice.tone, parts: noticeParts(notice.body, getEnv().siteUrl) },
      changesAt: notice.endsAt ?? undefined,
    };
  },
};
