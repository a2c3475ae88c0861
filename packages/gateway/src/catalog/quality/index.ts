export { catalogWarnings } from './catalog-quality.js';
export { catalogSizeWarnings, RECOMMENDED_MAX_TOOLS } from './catalog-size.js';
export {
  CATALOG_WARNING_CODES,
  type CatalogWarning,
  type CatalogWarningCode,
  type QualityTool,
} from './catalog-warning.js';
export { MAX_DESCRIPTION_CHARS, MIN_DESCRIPTION_CHARS } from './description-length.js';
export { NEAR_DUPLICATE_JACCARD } from './duplicate-descriptions.js';
export { MAX_ENUM_VALUES } from './enum-size.js';
export { isUninformativeName } from './tool-name.js';
