import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_SORTABLE_COLUMNS, type BookingSearchBody } from '../../../contract/bookings';
import { ListScreen } from '../../components/list-screen/list-screen';
import { useUrlListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { bookingSearchQuery } from './api';
import { bookingColumns } from './booking-columns';
import { BookingFilters, EMPTY_BOOKING_FILTERS, toBookingFilter, type BookingFilterValues } from './booking-filters';

const DEFAULTS: ListDefaults<BookingFilterValues> = { columns: {}, sorting: [{ id: 'checkIn', desc: true }], filters: EMPTY_BOOKING_FILTERS, pageSize: 25 };

/** /bookings (spec 2, provider roles): bookings with their stay, deposit basis, PMS integration and orders; a row opens its log. */
export function BookingsScreen() {
  const { t } = useTranslation();
  const list = useListScreen(useUrlListState(DEFAULTS), { sortable: BOOKING_SORTABLE_COLUMNS });
  const body: BookingSearchBody = {
    filters: toBookingFilter(list.filters),
    sorting: list.sorting as NonNullable<BookingSearchBody['sorting']>,
    pagination: { page: list.pageIndex, pageSize: list.pageSize as 10 | 25 | 50 | 100 },
  };
  const result = useQuery(bookingSearchQuery(body));
  const columns = useMemo(() => bookingColumns(t), [t]);
  return (
    <ListScreen
      title={t('shell.routes.bookings')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.id}
      emptyMessage={t('bookings.empty')}
      filters={<BookingFilters value={list.filters} onApply={list.setFilters} />}
    />
  );
}
