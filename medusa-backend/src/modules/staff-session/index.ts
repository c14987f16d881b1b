import { Module } from "@medusajs/framework/utils"

import StaffSessionModuleService from "./service"

export const STAFF_SESSION_MODULE = "staff_session"

export default Module(STAFF_SESSION_MODULE, { service: StaffSessionModuleService })
