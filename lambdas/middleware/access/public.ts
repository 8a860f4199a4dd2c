/** The `httpHandler` of public routes: no authentication (the route's own checks, if any). */
import { handlerBuilder } from '../http';

export const httpHandler = handlerBuilder<'public'>(() => []);
