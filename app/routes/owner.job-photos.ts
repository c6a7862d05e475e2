/**
 * /owner/jobs/:id/photos: the desk's progress-photo upload as the page's script sends it, answered
 * in JSON. The same action as the job's page (which the form without JavaScript posts to).
 */
export { action } from "./owner.job";
