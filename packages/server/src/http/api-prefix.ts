/** Where the JSON API is mounted (SPEC §9: `/api/v1`). */
export const API_PREFIX = '/api/v1';
