import { duplicateEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAnswer } from '../../kit/envelope.js';
import { forbidden, invalidField } from '../../lib/errors.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

/**
 * The forms' duplicate check. Unlike the original, which counted rows of any table and column the
 * caller named, it answers only for fields a module declared (`app.duplicateChecks`), within the
 * caller's scope, and refuses anything else with a 400.
 */
/** A column's field name: `role_code` → `roleCode`; a field name stays as it is. */
export const fieldOfColumn = (name: string): string => name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

const routes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    duplicateEndpoints.check,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags: ['system'], summary: 'Whether a value of a declared resource field is still free (forms)' },
    async (request) => {
      const auth = requireAuth(request);
      const { tableName, fieldVal, dataId } = request.query;
      const resource = app.duplicateChecks.get(tableName);
      if (!resource) throw invalidField('tableName', `cannot check "${tableName}"; allowed: ${[...app.duplicateChecks.keys()].join(', ')}`);
      // The column (`work_no`, as JeecgBoot's console sends it) or the field (`workNo`).
      const fieldName = fieldOfColumn(request.query.fieldName);
      if (!resource.fields.includes(fieldName)) throw invalidField('fieldName', `cannot check "${request.query.fieldName}"; allowed: ${resource.fields.join(', ')}`);
      if (!resource.access.some((code) => auth.permissions.has(code))) throw forbidden();
      const answer = await resource.check(auth, fieldName, fieldVal, dataId);
      // Taken: success false with HTTP 200, so form validators show the message.
      return availabilityAnswer(answer);
    },
  );
};

export default routes;
