// tsc refuses a misspelt command or payload field: contract.must-not-compile.ts has one on each
// marked line. Checked with the project's own compiler options, and checked twice: as written
// (an error on exactly the marked lines) and with the spellings corrected (no error at all), so
// the test cannot pass because the file is broken in some other way.
import ts from "typescript";
import { describe, expect, it } from "vitest";

const pathOf = (relative: string) => ts.sys.resolvePath(decodeURIComponent(new URL(relative, import.meta.url).pathname));
const resolve = (name: string) => ts.sys.resolvePath(name);
const fixture = pathOf("./contract.must-not-compile.ts");
const source = ts.sys.readFile(fixture) ?? "";
const MARK = /\/\/ misspelt: (\w+) → (\w+)\s*$/;

/** tsconfig.json's options, and its declaration files (the build's virtual modules). */
function project(): { options: ts.CompilerOptions; declarations: string[] } {
  const configPath = pathOf("../../tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, pathOf("../.."));
  return { options: parsed.options, declarations: parsed.fileNames.filter((f) => f.endsWith(".d.ts")) };
}

/** The 1-based lines tsc reports an error on, for the fixture with this text. */
function errorLines(text: string): number[] {
  const { options, declarations } = project();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (resolve(name) === fixture ? text : readFile(name));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, onError) =>
    resolve(name) === fixture ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, onError);
  const program = ts.createProgram([fixture, ...declarations], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const inFixture = (d: ts.Diagnostic) => !!d.file && resolve(d.file.fileName) === fixture;
  // Anything wrong outside the fixture (the code it imports) would make this test meaningless.
  expect(diagnostics.filter((d) => !inFixture(d)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  const lines = diagnostics.filter(inFixture).map((d) => d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
  return [...new Set(lines)].sort((a, b) => a - b);
}

const marked = source
  .split("\n")
  .map((line: string, i: number) => ({ line: i + 1, m: MARK.exec(line) }))
  .filter((x) => x.m);

function corrected(): string {
  return source
    .split("\n")
    .map((line: string) => {
      const m = MARK.exec(line);
      return m ? line.replace(new RegExp(`\\b${m[1]}\\b`), m[2]) : line;
    })
    .join("\n");
}

describe("the command contract in the compiler", () => {
  it("marks a misspelt command type, a misspelt required field and a misspelt optional field", () => {
    expect(marked.map((x) => x.m![1])).toEqual(["recrod_bust", "to_seet", "eliminated_bye"]);
  });

  it("refuses each misspelling, on exactly its line", () => {
    expect(errorLines(source)).toEqual(marked.map((x) => x.line));
  }, 60_000);

  it("compiles once the spellings are corrected", () => {
    expect(errorLines(corrected())).toEqual([]);
  }, 60_000);
});
