// The build's per-role string tables (scripts/role-strings.mjs): `virtual:strings/<lang>-<part>`.
declare module "virtual:strings/*" {
  const table: Partial<Record<import("./en").MessageKey, string>>;
  export default table;
}
