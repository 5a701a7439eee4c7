/**
 * The platform's migrations, in order. Each is plain SQL that runs unchanged on PGlite and on a
 * PostgreSQL server, optionally followed by a JS step (`run`, in the same transaction) for what SQL
 * cannot do (0018 re-cleans stored HTML with the sanitiser). They are embedded as modules (not read
 * from disk) so they work in the Next server bundle and in tests alike. Forward-only: never edit a migration that has shipped; add the
 * next number instead.
 */
import init from "./0001_init";
import accounts from "./0002_accounts";
import groupMembers from "./0003_group_members";
import comments from "./0004_comments";
import pageTranslations from "./0005_page_translations";
import cca from "./0006_cca";
import userDirectory from "./0007_user_directory";
import ccaDataReads from "./0008_cca_data_reads";
import ccaFacetCounts from "./0009_cca_facet_counts";
import ccaContributorRequests from "./0011_cca_contributor_requests";
import downloadLog from "./0012_download_log";
import home from "./0013_home";
import documents from "./0014_documents";
import nakshaLayers from "./0015_naksha_layers";
import oneDownloadLog from "./0017_one_download_log";
import recomputePublicPlaces from "./0019_recompute_public_places";
import resanitiseContent from "./0018_resanitise_content";
import sessionVersion from "./0020_session_version";
import galleryCaptionTranslations from "./0021_gallery_caption_translations";
import recordTitleSort, { fillTitleSort } from "./0022_record_title_sort";
import recordConsent from "./0023_record_consent";
import recordAccessLog from "./0024_record_access_log";
import recordLabels from "./0025_record_labels";
import recordReview from "./0026_record_review";
import recordTreatments from "./0027_record_treatments";
import documentGroupLabels from "./0028_document_group_labels";
import localContextsHub from "./0029_local_contexts_hub";
import recognitionMapping, { installDefaultMappings } from "./0030_recognition_mapping";
import recordSubmissionKey from "./0031_record_submission_key";
import siteSearch from "./0032_site_search";
import searchTitleIndexes from "./0033_search_title_indexes";
import recordTableSorts from "./0034_record_table_sorts";
import facetPairCounts from "./0035_facet_pair_counts";
import type { Queryable } from "../infra/db/db";

export interface Migration {
  id: string;
  sql: string;
  /** Runs after `sql`, in the same transaction; the migration counts as applied only when both succeed. */
  run?: (tx: Queryable) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  { id: "0001_init", sql: init },
  { id: "0002_accounts", sql: accounts },
  { id: "0003_group_members", sql: groupMembers },
  { id: "0004_comments", sql: comments },
  { id: "0005_page_translations", sql: pageTranslations },
  { id: "0006_cca", sql: cca },
  { id: "0007_user_directory", sql: userDirectory },
  { id: "0008_cca_data_reads", sql: ccaDataReads },
  { id: "0009_cca_facet_counts", sql: ccaFacetCounts },
  { id: "0011_cca_contributor_requests", sql: ccaContributorRequests },
  { id: "0012_download_log", sql: downloadLog },
  { id: "0013_home", sql: home },
  { id: "0014_documents", sql: documents },
  { id: "0015_naksha_layers", sql: nakshaLayers },
  { id: "0017_one_download_log", sql: oneDownloadLog },
  { id: "0018_resanitise_content", sql: "", run: resanitiseContent },
  { id: "0019_recompute_public_places", sql: recomputePublicPlaces },
  { id: "0020_session_version", sql: sessionVersion },
  { id: "0021_gallery_caption_translations", sql: galleryCaptionTranslations },
  { id: "0022_record_title_sort", sql: recordTitleSort, run: fillTitleSort },
  { id: "0023_record_consent", sql: recordConsent },
  { id: "0024_record_access_log", sql: recordAccessLog },
  { id: "0025_record_labels", sql: recordLabels },
  { id: "0026_record_review", sql: recordReview },
  { id: "0027_record_treatments", sql: recordTreatments },
  { id: "0028_document_group_labels", sql: documentGroupLabels },
  { id: "0029_local_contexts_hub", sql: localContextsHub },
  { id: "0030_recognition_mapping", sql: recognitionMapping, run: installDefaultMappings },
  { id: "0031_record_submission_key", sql: recordSubmissionKey },
  { id: "0032_site_search", sql: siteSearch },
  { id: "0033_search_title_indexes", sql: searchTitleIndexes },
  { id: "0034_record_table_sorts", sql: recordTableSorts },
  { id: "0035_facet_pair_counts", sql: facetPairCounts },
];
