/* global SwaggerUIBundle, document */
// Starts Swagger UI on /api/docs (a file of its own: the CSP allows no inline script).
SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // No call to the public validator: everything stays on this origin.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
document.documentElement.dataset.docs = 'rest';
