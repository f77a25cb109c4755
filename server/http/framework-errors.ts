import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type Problem } from '../../contract/problem';
import { sendProblem } from './problem';

// Answers produced before any route runs: Node's HTTP parser refusing a request line or headers
// over its limit (431), and the router refusing a path parameter over its length limit (414) or
// a malformed percent-encoding (400). They are problem JSON like every other refusal
// (docs/decisions/0177-framework-refusals-as-problems.md).

const requestTooLarge = (status: 414 | 431, detail: string): Problem => ({ type: PROBLEM_TYPES.requestTooLarge, title: STATUS_CODES[status]!, status, detail });

/** Fastify's `frameworkErrors`: the router's refusals as problems. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendProblem(reply, requestTooLarge(414, 'a path parameter is longer than any identifier this server uses'));
  if (error.code === 'FST_ERR_BAD_URL')
    return sendProblem(reply, {
      type: PROBLEM_TYPES.validation,
      title: 'Invalid request',
      status: 400,
      detail: 'the address is not valid: a percent-encoded part does not decode',
    });
  request.log.error({ err: error }, 'router error');
  return sendProblem(reply, {
    type: PROBLEM_TYPES.internal,
    title: 'Internal error',
    status: 500,
    detail: 'something went wrong on our side; it has been logged',
  });
}

function clientProblem(error: NodeJS.ErrnoException): Problem {
  if (error.code === 'HPE_HEADER_OVERFLOW') return requestTooLarge(431, 'the address or the headers are too large; send long filters in the request body');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { type: PROBLEM_TYPES.validation, title: STATUS_CODES[408]!, status: 408, detail: 'the request was not completed in time' };
  return { type: PROBLEM_TYPES.validation, title: 'Invalid request', status: 400, detail: 'the request is not valid HTTP' };
}

/**
 * Node's `clientError`, raised while the request is still being parsed, so there is no reply
 * object: the answer is written to the socket, which then closes (as Node's own handler does).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const problem = clientProblem(error);
    const body = JSON.stringify(problem);
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
