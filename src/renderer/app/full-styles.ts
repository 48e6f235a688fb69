/**
 * The full Mantine stylesheet, for the routes whose pages use more of Mantine than the public
 * subset (app/public-styles.ts): /app, /super-admin and /validation-page import it with their code
 * (routing/AppArea, routing/SuperAdminArea, routing/routes). The auth pages do not: their first
 * paint and their start on a phone stay light, and tests/unit/web/public-styles.test.ts holds
 * them to the subset. (The validation page, loading neither, once drew its checkbox's icon 700 px
 * tall and its mode choice as bare radios.)
 */
import '@mantine/core/styles.layer.css';
