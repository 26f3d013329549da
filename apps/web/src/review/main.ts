// The review page's entry (review.html): its own small bundle, without the admin app.
import './review.css';
import './review-band.css';
import { startReviewPage, tokenFromPath } from './review-page';

const root = document.getElementById('review');
if (root) void startReviewPage(root, tokenFromPath(window.location.pathname), window.location.search);
