import { describe, expect, it } from "vitest";
import type { AnySchema } from "yup";
import { myUploadSchema, removeMyUploadSchema, resourceUploadSchema } from "@/contracts/upload.schema";
import { AppError } from "@/server/infra/http/app-error";
import { FILE_DIRECTORIES } from "@/server/infra/files/file-storage";
import { validateWith } from "@/server/infra/http/validate";

/** The fields as the platform reads them, or the fieldErrors of its 400 answer. */
async function read(schema: AnySchema, body: unknown): Promise<{ value?: unknown; fieldErrors?: Record<string, string> }> {
  try {
    return { value: await validateWith(schema, body) };
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION_FAILED") return { fieldErrors: error.fieldErrors ?? {} };
    throw error;
  }
}

const resource = resourceUploadSchema(FILE_DIRECTORIES);

describe("[FILES] the upload contracts (files-api upload fields, remove-file body)", () => {
  it("resource upload: a safe hash and a known directory (blank: pages)", async () => {
    expect((await read(resource, { hash: "a-B_9" })).value).toEqual({ hash: "a-B_9", directory: "pages" });
    expect((await read(resource, { hash: "h", directory: "" })).value).toEqual({ hash: "h", directory: "pages" });
    expect((await read(resource, { hash: "h", directory: "site" })).value).toEqual({ hash: "h", directory: "site" });
    for (const hash of ["../../etc", "..", "a/b", "a b", "", "x".repeat(65), "%2e%2e", undefined]) {
      expect((await read(resource, { hash, directory: "pages" })).fieldErrors, String(hash)).toEqual({ hash: "form:invalid" });
    }
    for (const directory of ["../files", "secret", "pages/../users", "d".repeat(5000)]) {
      expect((await read(resource, { hash: "h", directory })).fieldErrors, directory.slice(0, 20)).toEqual({ directory: "form:invalid" });
    }
    expect((await read(resource, {})).fieldErrors).toEqual({ hash: "form:invalid" });
    expect((await read(resource, { hash: "a b", directory: "secret" })).fieldErrors).toEqual({ hash: "form:invalid", directory: "form:invalid" });
  });

  it("my uploads: a safe hash and the document module (blank: document)", async () => {
    expect((await read(myUploadSchema, { hash: "doc-1" })).value).toEqual({ hash: "doc-1", module: "document" });
    expect((await read(myUploadSchema, { hash: "doc-1", module: "" })).value).toEqual({ hash: "doc-1", module: "document" });
    expect((await read(myUploadSchema, { hash: "doc 1", module: "observation" })).fieldErrors).toEqual({ hash: "form:invalid", module: "form:invalid" });
  });

  it("remove-file: the path of an upload as my-uploads answers it", async () => {
    const path = "/doc-1/0f8fad5b-d9cb-469f-a165-70867728950e.pdf";
    expect((await read(removeMyUploadSchema, { path })).value).toEqual({ path });
    for (const bad of [undefined, 7, "", "/doc-1/../secret.pdf", "/doc-1/0f8fad5b-d9cb-469f-a165-70867728950e.exe", path.slice(1)]) {
      expect((await read(removeMyUploadSchema, { path: bad })).fieldErrors, String(bad)).toEqual({ path: "form:invalid" });
    }
  });
});
