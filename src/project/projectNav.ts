import { useSyncExternalStore } from "react";
import { isImported, isPublished } from "../domain/apiState";
import type { RoleType } from "../domain/permissions";

/**
 * What the project layout's nav needs to know about the open project. Layouts do not fetch;
 * the screen's ProjectHeader (which has the route query's data) publishes it here.
 */
export interface ProjectNavInfo {
  apiId: string;
  orgId: string;
  name: string;
  state: string;
  creationType: string;
  featureFlags: readonly string[];
  isSuperuser: boolean;
}

let current: ProjectNavInfo | undefined;
const listeners = new Set<() => void>();

export function publishProjectNav(info: ProjectNavInfo) {
  if (current && sameInfo(current, info)) return;
  current = info;
  listeners.forEach((listener) => listener());
}

function sameInfo(a: ProjectNavInfo, b: ProjectNavInfo) {
  return (
    a.apiId === b.apiId &&
    a.orgId === b.orgId &&
    a.name === b.name &&
    a.state === b.state &&
    a.creationType === b.creationType &&
    a.isSuperuser === b.isSuperuser &&
    a.featureFlags.join() === b.featureFlags.join()
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The published info, only while it belongs to the project in the URL. */
export function useProjectNav(apiId: string | undefined): ProjectNavInfo | undefined {
  const info = useSyncExternalStore(subscribe, () => current);
  return info && info.apiId === apiId ? info : undefined;
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

const DEVTOOL_ROLES: readonly RoleType[] = ["SUPERUSER", "ADMIN", "OWNER", "DEV"];

/**
 * The sidebar's groups and sections (spec §2 "Navigation"). Before the project is known only
 * the sections every project has are offered.
 */
export function projectNavGroups(info: ProjectNavInfo | undefined, roleType: RoleType | undefined): ProjectNavGroup[] {
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
  const devtoolRole = info.isSuperuser || (roleType !== undefined && DEVTOOL_ROLES.includes(roleType));
  if (imported || (published && createdByPublish && devtoolRole)) {
    groups.push({ group: "devtools", sections: imported ? ["queries"] : ["cloud-functions", "queries"] });
  }
  groups.push({ group: "general", sections: published ? ["logs", "settings"] : ["settings"] });
  return groups;
}
