/** The 16 regions of spec §9, grouped by the region mapping; Frankfurt is the default. */
export const REGIONS = [
  { code: "ap-south-1", name: "Mumbai", area: "Asia Pacific" },
  { code: "ap-northeast-2", name: "Seoul", area: "Asia Pacific" },
  { code: "ap-southeast-1", name: "Singapore", area: "Asia Pacific" },
  { code: "ap-southeast-2", name: "Sydney", area: "Asia Pacific" },
  { code: "ap-northeast-1", name: "Tokyo", area: "Asia Pacific" },
  { code: "ca-central-1", name: "Canada", area: "Canada" },
  { code: "eu-central-1", name: "Frankfurt", area: "Europe" },
  { code: "eu-west-1", name: "Ireland", area: "Europe" },
  { code: "eu-west-2", name: "London", area: "Europe" },
  { code: "eu-west-3", name: "Paris", area: "Europe" },
  { code: "eu-north-1", name: "Stockholm", area: "Europe" },
  { code: "me-south-1", name: "Middle East", area: "Middle East" },
  { code: "sa-east-1", name: "South America", area: "South America" },
  { code: "us-east-1", name: "US East", area: "US" },
  { code: "us-west-1", name: "US West N. California", area: "US" },
  { code: "us-west-2", name: "US West Oregon", area: "US" },
] as const;

export type RegionCode = (typeof REGIONS)[number]["code"];
export const DEFAULT_REGION: RegionCode = "eu-central-1";

export function regionName(code: string): string {
  return REGIONS.find((region) => region.code === code)?.name ?? code;
}
