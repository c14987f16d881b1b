// TRUST_PROXY of the storefront's server: the proxies (a load balancer, a TLS
// terminator) whose X-Forwarded-For and X-Forwarded-Proto are believed. Checked
// when the server starts: a bad value stops it with a message naming the
// variable, instead of failing every request (decision 0047).
import express from "express"

const OFF = ["off", "false", "0", "none"]

/**
 * Express's "trust proxy" from TRUST_PROXY: false (off, the default), or the list of
 * addresses, CIDR ranges and names (loopback, linklocal, uniquelocal).
 * @param {string} [value]
 * @returns {false | string[]}
 * @throws {Error} naming TRUST_PROXY when an entry is neither
 */
export function trustProxySetting(value = process.env.TRUST_PROXY ?? "") {
  const list = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!list.length || list.some((entry) => OFF.includes(entry.toLowerCase()))) return false
  try {
    // Express compiles the list here (proxy-addr), refusing what is not an address or range.
    express().set("trust proxy", list)
  } catch (error) {
    throw new Error(
      `TRUST_PROXY is invalid ("${value}"): ${error instanceof Error ? error.message : error}. ` +
        "Use off, or addresses, CIDR ranges and loopback, linklocal, uniquelocal, separated by commas."
    )
  }
  return list
}
