/**
 * /owner/projects/:id/photos: the desk's photo upload as the page's script sends it, answered in
 * JSON. The same action as the project's page (which the form without JavaScript posts to); here,
 * without a page to render, its JSON answer reaches the script as it is.
 */
export { action } from "./owner.project";
