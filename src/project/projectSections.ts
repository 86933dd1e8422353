import { isImported, isPublished } from "../domain/apiState";

/** What decides a project's sections: the ProjectLayoutQuery's project and viewer. */
export interface ProjectNavInfo {
  orgId: string;
  name: string;
  state: string;
  creationType: string;
  featureFlags: readonly string[];
  isSuperuser: boolean;
  /** The server's answer (src/domain/permissions canPublishApi): DEV and up see the devtools. */
  viewerCanPublish: boolean;
}

export type ProjectSection =
  | "data"
  | "assets"
  | "flows"
  | "apps"
  | "types"
  | "json-declaration"
  | "cloud-functions"
  | "queries"
  | "logs"
  | "settings";

type ProjectNavGroup = { group: "management" | "devtools" | "general"; sections: ProjectSection[] };

/**
 * The sidebar's groups and sections (spec §2 "Navigation"). Before the project is known only
 * the sections every project has are offered.
 */
export function projectNavGroups(info: ProjectNavInfo | undefined): ProjectNavGroup[] {
  if (!info) {
    return [
      { group: "management", sections: ["data"] },
      { group: "general", sections: ["settings"] },
    ];
  }
  const imported = isImported(info);
  const published = isPublished(info.state);
  const flagged = (flag: string) => info.isSuperuser || info.featureFlags.includes(flag);
  const management: ProjectSection[] = ["data"];
  if (!imported) {
    management.push("assets");
    if (flagged("flows")) management.push("flows");
    management.push("apps", "types");
    if (flagged("declaration")) management.push("json-declaration");
  }
  const groups: ProjectNavGroup[] = [{ group: "management", sections: management }];
  const createdByPublish = info.creationType === "PUBLISH";
  if (imported || (published && createdByPublish && info.viewerCanPublish)) {
    groups.push({ group: "devtools", sections: imported ? ["queries"] : ["cloud-functions", "queries"] });
  }
  groups.push({ group: "general", sections: published ? ["logs", "settings"] : ["settings"] });
  return groups;
}
