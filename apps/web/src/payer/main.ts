import { enhance } from './enhance';

// The payer pages' only script (docs/decisions/0058-payer-pages-as-server-html.md): loaded after the page is drawn.
enhance(document);
