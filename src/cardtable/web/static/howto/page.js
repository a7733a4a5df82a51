// howto/page.js: a how-to-play page wears the display settings chosen on this device (high
// contrast, large text), as the rest of the site does.

import { applyPrefs } from "../js/prefs.js";

applyPrefs();
