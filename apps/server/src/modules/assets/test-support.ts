/** The register's test helpers, kept in src/test so that the modules built on the register share them too. */
export { caller, equipmentProduct, newBusiness, outletBody, personWithRole } from '../../test/business-factories';
