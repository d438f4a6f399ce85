import { api, call, type Schemas } from '../../api/client';
import { getTrackingId } from '../../lib/session';
import type { AddressInput, CustomerInfo, DeviceInput } from './machine';

export { searchAddresses, type AddressSuggestion } from '../../lib/address';

export function validateCustomerAddress(input: AddressInput): Promise<Schemas['AddressValidation']> {
  return call('validateCustomerAddress', () =>
    api.GET('/secure/api/v1/serviceability/address/validate-customer-address', {
      params: {
        query: {
          addressLine1: input.street.trim(),
          addressLine2: input.unit.trim(),
          city: '',
          state: '',
          zip: input.zip,
          trackingId: getTrackingId(),
        },
      },
    }),
  );
}

export function validateCustomerServiceability(locationId: string): Promise<Schemas['Serviceability']> {
  return call('validateCustomerServiceability', () =>
    api.GET('/secure/api/v1/serviceability/address/validate-customer-serviceability', {
      params: { query: { trackingId: getTrackingId(), locationId, source: 'CP_VAN' } },
    }),
  );
}

export function assignDevice(
  chosen: CustomerInfo,
  device: DeviceInput,
  language: 'English' | 'Spanish',
): Promise<Schemas['AssignResult']> {
  return call('assignDevice', () =>
    api.POST('/van-service-api/assign', {
      body: {
        address: chosen.address,
        deviceCode: device.deviceCode,
        language,
        locationId: chosen.locationId,
        phoneNo: device.phone,
        trackingId: getTrackingId(),
      },
    }),
  );
}
