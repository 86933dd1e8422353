import { describe, expect, it } from "vitest";
import {
  canDeleteApiKeys,
  canEditApiKeys,
  canManageOrg,
  canManageUsers,
  canPublishApi,
  hasAdminPermissions,
  isOwner,
  isSuperuser,
  permissionsFor,
  ROLE_TYPES,
} from "../../src/domain/permissions";

describe("derived permissions", () => {
  it("lets only owners and superusers manage the org", () => {
    const allowed = ROLE_TYPES.filter((role) => canManageOrg(permissionsFor(role)));
    expect(allowed).toEqual(["OWNER", "SUPERUSER"]);
  });
  it("lets owners, admins and superusers manage users", () => {
    const allowed = ROLE_TYPES.filter((role) => canManageUsers(permissionsFor(role)));
    expect(allowed).toEqual(["OWNER", "ADMIN", "SUPERUSER"]);
  });
  it("finds owner and superuser through their can-manage permissions", () => {
    expect(isOwner(permissionsFor("OWNER"))).toBe(true);
    expect(isOwner(permissionsFor("ADMIN"))).toBe(false);
    expect(isSuperuser(permissionsFor("SUPERUSER"))).toBe(true);
    expect(isSuperuser(permissionsFor("OWNER"))).toBe(false);
  });
  it("gives admin permissions to ADMIN, OWNER and SUPERUSER, publishing also to DEV", () => {
    expect(ROLE_TYPES.filter(hasAdminPermissions)).toEqual(["OWNER", "ADMIN", "SUPERUSER"]);
    expect(ROLE_TYPES.filter(canPublishApi)).toEqual(["OWNER", "ADMIN", "DEV", "SUPERUSER"]);
  });
  it("lets nobody add, edit or delete the API keys of an imported project ('Imported projects cannot manage keys.')", () => {
    expect(ROLE_TYPES.filter((role) => canEditApiKeys(role, true) || canDeleteApiKeys(role, true))).toEqual([]);
  });
  it("gives NONE nothing", () => {
    expect(permissionsFor("NONE")).toEqual([]);
  });
});
