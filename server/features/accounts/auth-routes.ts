import type { FastifyInstance, FastifyReply } from 'fastify'
import { login, logout, redeemSwitch, register, verify } from '../../../common/contracts/accounts'
import type { RequestCtx } from '../../platform/request-context'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { clearSessionCookies, setSessionCookie, setXsrfCookie } from '../session/service'
import type { Refusal } from './otp'
import type { OtpDelivery } from './otp-delivery/index'
import * as accounts from './service'
import * as websites from './websites'

const tags = ['accounts']

/** A refused code request or check: 429 carries Retry-After (SECURITY AU-01, AU-02). */
function refuse(reply: FastifyReply, refusal: Refusal): never {
  if (refusal.retryAfter) reply.header('retry-after', String(refusal.retryAfter))
  return orThrow<never>(refusal)
}

/** The new session's cookie and its XSRF token (the visitor's are dead now). */
function setSignedInCookies(reply: FastifyReply, ctx: RequestCtx, signedIn: accounts.SignedIn) {
  setSessionCookie(reply, ctx.config, signedIn.token)
  setXsrfCookie(reply, ctx, signedIn.session)
}

export function authRoutes(app: FastifyInstance, delivery: OtpDelivery) {
  route(
    app,
    login,
    async (req, reply) => {
      const result = await accounts.login(req.ctx, delivery, req.body.username, req.ip)
      if (!result.ok) refuse(reply, result)
      return { sent: true as const }
    },
    { tags },
  )

  route(
    app,
    verify,
    async (req, reply) => {
      const result = await accounts.verify(req.ctx, req.body.username, req.body.otp)
      if (!result.ok) refuse(reply, result)
      if (result.signedIn) setSignedInCookies(reply, req.ctx, result.signedIn)
      return result.answer
    },
    { tags },
  )

  route(
    app,
    register,
    async (req, reply) => {
      const signedIn = await accounts.register(req.ctx, req.body)
      setSignedInCookies(reply, req.ctx, signedIn)
      return { user: signedIn.user }
    },
    { tags },
  )

  route(
    app,
    logout,
    async (req, reply) => {
      await accounts.logout(req.ctx)
      clearSessionCookies(reply, req.ctx.config)
      return { ok: true as const }
    },
    { xsrf: true, tags },
  )

  route(
    app,
    redeemSwitch,
    async (req, reply) => {
      const signedIn = await websites.redeemSwitch(req.ctx, req.body.token)
      setSignedInCookies(reply, req.ctx, signedIn)
      return { user: signedIn.user }
    },
    { tags: ['superadmin'] },
  )
}
