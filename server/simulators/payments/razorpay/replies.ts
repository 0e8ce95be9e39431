import type { FastifyReply } from 'fastify'
import { rzpError } from './entities'

export const badRequest = (reply: FastifyReply, description: string, field?: string) => reply.code(400).send(rzpError(400, description, field))
export const notFound = (reply: FastifyReply) => badRequest(reply, 'The id provided does not exist')
